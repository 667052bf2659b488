exec { 'x':
  command => '/bin/true',
  default => 'y',
}
