notice $x -> $y
