$m = $facts["os"]["family"]
$x = 1 + $m ? { "Debian" => 2, default => 3 }.then |$v| { $v } ? { 2 => "two", default => "other" }
notice($x)
