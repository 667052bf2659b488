if false {} else { class x{} }
