unless false { class x{} }
