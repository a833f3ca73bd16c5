/* Bloatwatch treemaps: draws report/treemap.py's trees with d3-hierarchy's squarified layout
 * (js/d3-hierarchy.min.js) as positioned boxes; click a box to zoom into it, hover for its
 * figures. Names from binaries reach the page as text nodes only, never as markup. */
(function () {
	"use strict";
	var loaded = {};            // data script id -> {id, diff, tree}
	var CLASSES = ["text", "rodata", "data", "bss"];
	var CLASS_NAMES = {text: "code", rodata: "read-only data", data: "data", bss: "bss"};
	var KINDS = {b: "build", f: "folder", o: "object", s: "section", y: "symbol", r: ""};
	var HEAD = 18;              // px of a zoomable box's title bar

	function el(tag, cls, text) {
		var e = document.createElement(tag);
		if (cls)
			e.className = cls;
		if (text !== undefined)
			e.textContent = text;
		return e;
	}

	/* Bytes of a box; of a diff's, the net change (signed). */
	function total(d, diff) {
		if (!d.f)
			return d.s;
		return diff ? d.f[0] - d.f[1] : d.f[0] + d.f[1] + d.f[2] + d.f[3];
	}

	function signed(n) {
		return (n > 0 ? "+" : "") + n;
	}

	/* The figures of a box as [label, value, field] rows. */
	function figures(d, diff) {
		if (diff) {
			if (!d.f)
				return [["delta", signed(d.s), "net"]];
			return [["added", "+" + d.f[0], "up"], ["removed", "-" + d.f[1], "down"],
				["net", signed(d.f[0] - d.f[1]), "net"]];
		}
		if (!d.f)
			return [["bytes", String(d.s), "total"]];
		return [["total", String(total(d)), "total"], ["text", String(d.f[0] + d.f[1]), "text"],
			["code", String(d.f[0]), "code"], ["read-only", String(d.f[1]), "rodata"],
			["data", String(d.f[2]), "data"], ["bss", String(d.f[3]), "bss"]];
	}

	function colour(d, diff, inherited) {
		if (diff)
			return total(d, true) < 0 ? "tm-shrink" : "tm-grow";
		var k = d.k || inherited;
		if (!k && d.f) {       // a folder or object: its largest class
			var best = 0;
			for (var i = 1; i < 4; i++)
				if (d.f[i] > d.f[best])
					best = i;
			k = CLASSES[best];
		}
		return "tm-" + (k || "text");
	}

	function describe(d, diff, focus) {
		var kind = KINDS[d.t] || "";
		var lines = [d.n + (kind ? " (" + kind + (d.k ? ", " + CLASS_NAMES[d.k] : "") + ")" : "")];
		if (d.f)
			lines.push(figures(d, diff).map(function (f) { return f[0] + " " + f[1]; })
				.join(", ") + " bytes");
		else
			lines.push((diff ? signed(d.s) : d.s) + " bytes");
		var whole = diff ? focus.f[0] + focus.f[1] : total(focus);
		var mine = diff ? (d.f ? d.f[0] + d.f[1] : Math.abs(d.s)) : total(d);
		if (whole && d !== focus)
			lines.push((100 * mine / whole).toFixed(1) + "% of " + focus.n);
		if (d.o > 1)
			lines.push(d.o + " objects");
		if (d.w !== undefined && !diff)
			lines.push("drawn smaller: the section's symbols overlap (aliases)");
		return lines;
	}

	function layout(focus, diff, w, h) {
		var root = d3.hierarchy(focus, function (d) { return d.c; })
			.sum(function (d) { return d.c ? 0 : (d.w !== undefined ? d.w : Math.abs(d.s)); })
			.sort(function (a, b) { return b.value - a.value; });
		d3.treemap().tile(d3.treemapSquarify).size([w, h]).round(true)
			.paddingInner(function (n) { return n.depth ? 1 : 2; })
			.paddingOuter(function (n) { return n.depth ? 2 : 0; })
			.paddingTop(function (n) { return n.depth === 1 ? HEAD : n.depth ? 2 : 0; })(root);
		return root;
	}

	function render(box) {
		var st = box.bwState, diff = st.data.diff, focus = st.stack[st.stack.length - 1];
		var map = box.querySelector(".tm-map"), crumbs = box.querySelector(".tm-crumbs");
		var figs = box.querySelector(".tm-figures"), tip = box.querySelector(".tm-tip");
		map.textContent = "";
		crumbs.textContent = "";
		figs.textContent = "";
		tip.hidden = true;
		st.stack.forEach(function (d, i) {
			var last = i === st.stack.length - 1;
			var c = el(last ? "span" : "button", "tm-crumb", d.n);
			if (!last)
				c.addEventListener("click", function () {
					st.stack = st.stack.slice(0, i + 1);
					render(box);
				});
			crumbs.appendChild(c);
			if (!last)
				crumbs.appendChild(document.createTextNode(" \u203a "));
		});
		figs.dataset.name = focus.n;
		figures(focus, diff).forEach(function (f) {
			var s = el("span", "tm-fig");
			s.dataset.field = f[2];
			s.appendChild(el("span", "tm-figname", f[0] + " "));
			s.appendChild(el("span", "tm-figval", f[1]));
			figs.appendChild(s);
			figs.dataset[f[2]] = f[1];
		});
		var w = map.clientWidth, h = map.clientHeight;
		if (!focus.c || !w || !h)
			return;
		var root = layout(focus, diff, w, h);
		root.children.forEach(function (n) {
			var b = drawBox(map, n, 0, 0, diff);
			if (b)
				(n.children || []).forEach(function (c) { drawBox(b, c, n.x0, n.y0, diff); });
		});
	}

	/* A box at depth 1 (titled; zoomable when it has children) or 2 (inside its parent's). */
	function drawBox(parent, n, x, y, diff) {
		var w = n.x1 - n.x0, h = n.y1 - n.y0, d = n.data;
		if (w < 1 || h < 1)
			return null;
		var b = el("div", "tm-box tm-d" + n.depth + (n.depth === 2 || !n.children ?
			" " + colour(d, diff, n.parent.data.k) : "") + (n.depth === 1 && d.c ? " tm-zoom" : ""));
		b.style.left = (n.x0 - x) + "px";
		b.style.top = (n.y0 - y) + "px";
		b.style.width = w + "px";
		b.style.height = h + "px";
		b.bwNode = d;
		if (w > 46 && h > 14)
			b.appendChild(el("span", "tm-label", n.depth === 1 ?
				d.n + " " + (diff ? signed(total(d, true)) : total(d)) : d.n));
		if (n.depth === 1 && d.c) {
			b.tabIndex = 0;
			b.setAttribute("role", "button");
			b.setAttribute("aria-label", "zoom into " + d.n);
		}
		parent.appendChild(b);
		return b;
	}

	function setup(box) {
		if (box.bwReady)
			return;
		box.bwReady = true;
		var map = box.querySelector(".tm-map"), tip = box.querySelector(".tm-tip");
		map.addEventListener("click", function (e) {
			var b = e.target.closest(".tm-d1");
			if (b && b.bwNode && b.bwNode.c) {
				box.bwState.stack.push(b.bwNode);
				render(box);
			}
		});
		map.addEventListener("keydown", function (e) {
			if ((e.key === "Enter" || e.key === " ") && e.target.bwNode && e.target.bwNode.c) {
				e.preventDefault();
				box.bwState.stack.push(e.target.bwNode);
				render(box);
			}
		});
		map.addEventListener("mousemove", function (e) {
			var b = e.target.closest(".tm-box");
			if (!b || !b.bwNode) {
				tip.hidden = true;
				return;
			}
			var st = box.bwState;
			tip.textContent = "";
			describe(b.bwNode, st.data.diff, st.stack[st.stack.length - 1]).forEach(function (l, i) {
				tip.appendChild(el("div", i ? "" : "tm-tipname", l));
			});
			var r = box.getBoundingClientRect();
			tip.hidden = false;
			var x = e.clientX - r.left + 14, y = e.clientY - r.top + 14;
			if (x + tip.offsetWidth > box.clientWidth)
				x = Math.max(0, e.clientX - r.left - tip.offsetWidth - 14);
			tip.style.left = x + "px";
			tip.style.top = y + "px";
		});
		map.addEventListener("mouseleave", function () { tip.hidden = true; });
		var pick = box.querySelector(".tm-select");
		if (pick)
			pick.addEventListener("change", function () {
				var opt = pick.options[pick.selectedIndex];
				box.dataset.tm = opt.value;
				if (loaded[opt.value])
					show(box, loaded[opt.value]);
				else {
					var s = document.createElement("script");
					s.src = opt.dataset.src;
					document.body.appendChild(s);
				}
			});
	}

	function show(box, data) {
		setup(box);
		box.bwState = {data: data, stack: [data.tree]};
		render(box);
	}

	var resizing = null;
	window.addEventListener("resize", function () {
		clearTimeout(resizing);
		resizing = setTimeout(function () {
			document.querySelectorAll(".treemap").forEach(function (box) {
				if (box.bwState)
					render(box);
			});
		}, 150);
	});

	window.bwTreemap = {
		load: function (data) {
			loaded[data.id] = data;
			document.querySelectorAll(".treemap").forEach(function (box) {
				if (box.dataset.tm === data.id)
					show(box, data);
			});
		}
	};
})();
