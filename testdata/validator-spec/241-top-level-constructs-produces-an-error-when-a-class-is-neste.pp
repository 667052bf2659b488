function y() { class x{} }
