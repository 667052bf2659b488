class role::git_server {
  include profile::platform::baseline
  include profile::app::gitlab
}
