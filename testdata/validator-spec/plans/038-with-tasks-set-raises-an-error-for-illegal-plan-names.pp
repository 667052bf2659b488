plan aaa::bbb() {}
