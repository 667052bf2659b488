exec { 'x':
  command => '/bin/true',
  class => 'y',
}
