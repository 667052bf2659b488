plan aaa::ccc::eee() {}
