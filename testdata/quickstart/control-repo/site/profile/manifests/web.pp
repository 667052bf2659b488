class profile::web (
  Integer $port,
) {
  file { '/etc/web.conf':
    ensure  => file,
    content => "port=${port}\nhost=${hostname}\n",
  }
}
