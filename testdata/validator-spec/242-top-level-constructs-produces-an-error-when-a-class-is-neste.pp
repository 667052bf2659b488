type A { class x{} }
