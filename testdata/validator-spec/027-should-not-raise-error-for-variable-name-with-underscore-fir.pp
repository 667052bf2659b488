$_aa
