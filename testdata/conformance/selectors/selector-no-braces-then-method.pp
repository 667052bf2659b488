$m = $facts["os"]["family"]
$x = $m ? "Debian" => "a".upcase
notice($x)
