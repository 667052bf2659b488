$m = $facts["os"]["family"]
$x = $m ? { "Debian" => File, default => Package } <| |>
