$x = @(EOT)
  a
  EOT
$y = @(EOT2)
b
EOT2
$z=1]