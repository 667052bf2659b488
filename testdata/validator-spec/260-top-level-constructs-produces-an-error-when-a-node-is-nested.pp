define y{ node x{} }
