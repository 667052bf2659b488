define aaa::bbb::ccc::eee() {}
