$x = $facts['os']['name'] ? {
  /^(Debian|Ubuntu)$/ => 'deb',
  default => 'other',
}
