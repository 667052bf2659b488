exec { 'x':
  command => '/bin/true',
  and => 'y',
}
