class role::rgbank_standalone {
  include ::profile::platform::baseline
  include ::profile::app::rgbank

}
