class any {}
