// SPDX-License-Identifier: GPL-2.0
// C++ names for t0210-demangle: templates, lambdas, an anonymous namespace, operators,
// a class with static data and a vtable, and an extern "C" function that stays as it is.
#include <cstddef>

namespace {
int hidden_table[37];
__attribute__((noinline)) int hidden(int x) { return hidden_table[x % 37] += x; }
} // namespace

namespace shapes {
struct Shape {
	virtual ~Shape() {}
	virtual long area() const = 0;
	static int made;
};
int Shape::made;

template <typename T, std::size_t N> struct Box : Shape {
	T v[N];
	long area() const override { return static_cast<long>(sizeof(T) * N); }
};

template <typename T> T twice(T x) { return x + x; }
template int twice<int>(int);
template double twice<double>(double);

bool operator==(const Box<char, 3> &a, const Box<char, 3> &b) { return a.v[0] == b.v[0]; }
} // namespace shapes

// Not inlined, so that each lambda type it is called with names a function of its own.
template <typename F> __attribute__((noinline)) long apply(F f, long x) { return f(x); }

long use_all(int k)
{
	auto add = [k](int x) { return x + k + hidden(x); };
	auto mul = [](long a, long b) { return a * b; };
	static shapes::Box<char, 3> small;
	static shapes::Box<long, 9> big;
	shapes::Shape *s = k ? static_cast<shapes::Shape *>(&small) : &big;
	shapes::Shape::made++;
	return mul(apply(add, k), s->area()) + apply([](long x) { return x - 1; }, k) +
	       shapes::twice(k) + (small == small);
}

extern "C" int plain_c_name(int x) { return static_cast<int>(use_all(x)); }
