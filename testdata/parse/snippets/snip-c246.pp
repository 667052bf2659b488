$x = @(EOT)
  a
  EOT
$y = 1]