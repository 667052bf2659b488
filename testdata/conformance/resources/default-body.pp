file {
  default: mode => '0644';
  '/d': ;
  '/e': owner => root;
}
