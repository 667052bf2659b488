# A body that sets many attributes: an attribute set twice or three times is
# found however far apart the settings are, each later setting once.
class dup_long {
  exec { 'build':
    command     => '/usr/bin/make',
    cwd         => '/srv/app',
    user        => 'build',
    group       => 'build',
    environment => ['HOME=/srv/app'],
    path        => ['/usr/bin', '/bin'],
    timeout     => 600,
    tries       => 2,
    try_sleep   => 5,
    logoutput   => true,
    umask       => '0022',
    creates     => '/srv/app/out',
    unless      => '/usr/bin/test -f /srv/app/out',
    returns     => [0],
    provider    => 'posix',
    cwd         => '/srv/other', # want error:"attribute cwd is set twice in this resource body"
    loglevel    => 'info',
    * => { 'timeout' => 60, 'cwd' => '/srv/third' }, # want error:"attribute timeout is set twice in this resource body" error:"attribute cwd is set twice in this resource body"
  }
}
