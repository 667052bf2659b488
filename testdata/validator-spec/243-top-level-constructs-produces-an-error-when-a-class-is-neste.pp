if true { class x{} }
