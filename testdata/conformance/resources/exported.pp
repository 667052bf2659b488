@@nagios_host { $facts['networking']['fqdn']:
  ensure => present,
}
