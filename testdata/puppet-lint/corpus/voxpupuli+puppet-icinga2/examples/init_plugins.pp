class { 'icinga2':
  plugins => ['plugins', 'plugins-contrib', 'windows-plugins', 'nscp'],
}
