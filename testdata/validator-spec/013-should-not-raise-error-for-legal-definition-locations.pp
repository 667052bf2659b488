function aaa::bbb() {}
