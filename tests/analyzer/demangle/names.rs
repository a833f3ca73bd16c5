// SPDX-License-Identifier: GPL-2.0
// Rust names for t0210-demangle (legacy and v0 manglings): generics, a closure, a trait impl.
pub struct Meter<T> { pub v: [T; 4] }

pub trait Area { fn area(&self) -> usize; }

impl<T: Copy + Into<u64>> Area for Meter<T> {
    #[inline(never)]
    fn area(&self) -> usize { self.v.iter().map(|&x| x.into() as usize).sum() }
}

#[inline(never)]
pub fn total(m: &dyn Area, k: usize) -> usize {
    let add = |x: usize| x + k;
    add(m.area())
}

#[no_mangle]
pub extern "C" fn rust_entry(k: usize) -> usize {
    let m = Meter { v: [1u32, 2, 3, k as u32] };
    total(&m, k)
}
