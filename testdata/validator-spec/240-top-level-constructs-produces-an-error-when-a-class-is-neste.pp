define y{ class x{} }
