$m = $facts["os"]["family"]
$x = $m ? { "Debian" => [1, 2], default => [3] }[0]
notice($x)
