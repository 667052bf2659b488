$aaa::_aaa
