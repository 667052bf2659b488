$m = $facts["os"]["family"]
$x = $m ? { "Debian" => "a  b", default => "c" }.split(/\s+/).join(" ")
notice($x)
