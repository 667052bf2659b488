function aaa::_bbb() {}
