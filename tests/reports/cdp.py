# SPDX-License-Identifier: GPL-2.0
"""Headless Chromium driven over the DevTools protocol, through Debian's python3-websocket.

Loads a page, waits for its load event and collects what the browser reports as errors:
console.error/assert calls, uncaught exceptions and log entries of level error (which is
where failed resource loads such as a missing image or stylesheet appear).
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request

import websocket

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--disable-default-apps", "--mute-audio",
         "--window-size=1280,900", "--remote-debugging-port=0", "--remote-allow-origins=*"]


class Browser:
    def __init__(self, timeout=30):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="bw-chromium-")
        args = [CHROMIUM] + FLAGS + ["--user-data-dir=" + self.profile]
        if os.geteuid() == 0:
            args.append("--no-sandbox")     # Chromium refuses to sandbox as root
        self.proc = subprocess.Popen(args + ["about:blank"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        port = self._port()
        deadline = time.monotonic() + timeout
        while True:
            with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=timeout) as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            if pages or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=timeout)
        self.next_id = 0
        self.events = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")

    def _port(self):
        path = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("chromium exited with status %d" % self.proc.returncode)
            try:
                with open(path) as f:
                    first = f.readline().strip()
                if first:
                    return int(first)
            except (FileNotFoundError, ValueError):
                pass
            time.sleep(0.05)
        raise RuntimeError("chromium did not open its DevTools port in %d s" % self.timeout)

    def call(self, method, **params):
        self.next_id += 1
        mid = self.next_id
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mid:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self.events.append(msg)

    def wait_event(self, method):
        for i, e in enumerate(self.events):
            if e["method"] == method:
                return self.events.pop(i)
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("method") == method:
                return msg
            if "method" in msg:
                self.events.append(msg)

    def load(self, url):
        """Navigate, wait for the load event; (errors, evaluate function) of the page."""
        self.events = []
        self.call("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")
        self.call("Runtime.evaluate", expression="1", awaitPromise=False)   # flush pending events
        return self.errors()

    def errors(self):
        out = []
        for e in self.events:
            m, p = e["method"], e["params"]
            if m == "Runtime.consoleAPICalled" and p["type"] in ("error", "assert"):
                out.append("console.%s: %s" % (p["type"], " ".join(
                    str(a.get("value", a.get("description", ""))) for a in p["args"])))
            elif m == "Runtime.exceptionThrown":
                out.append("exception: %s" % p["exceptionDetails"].get("text"))
            elif m == "Log.entryAdded" and p["entry"]["level"] == "error":
                out.append("log: %s %s" % (p["entry"]["text"], p["entry"].get("url", "")))
        return out

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate: %s" % r["exceptionDetails"])
        return r["result"].get("value")

    def close(self):
        try:
            self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)
