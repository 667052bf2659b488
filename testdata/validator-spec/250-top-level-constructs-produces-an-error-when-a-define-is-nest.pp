define y{ define x{} }
