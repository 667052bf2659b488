$m = $facts["os"]["family"]
$x = $m ? { "Debian" => [1, 2], default => [3] }.map |$v| { $v + 1 }
notice($x)
