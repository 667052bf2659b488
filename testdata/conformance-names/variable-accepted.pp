$fooBar = 1
$_a = 2
notice($fooBar, $_a, $apache::pArams::user)
[1].each |$itemName, $_i = 0| { notice($itemName) }
