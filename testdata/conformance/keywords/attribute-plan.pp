exec { 'x':
  command => '/bin/true',
  plan => 'y',
}
