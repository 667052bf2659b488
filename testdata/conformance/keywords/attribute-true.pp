exec { 'x':
  command => '/bin/true',
  true => 'y',
}
