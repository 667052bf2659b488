class boolean {}
