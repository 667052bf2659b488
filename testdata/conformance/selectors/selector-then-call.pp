$m = $facts["os"]["family"]
$x = $m ? { "Debian" => "a", default => "b" }(1)
