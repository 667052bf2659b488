class aaa::_bbb {}
