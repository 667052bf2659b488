define aaa::_bbb {}
