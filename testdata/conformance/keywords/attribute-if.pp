exec { 'x':
  command => '/bin/true',
  if => 'y',
}
