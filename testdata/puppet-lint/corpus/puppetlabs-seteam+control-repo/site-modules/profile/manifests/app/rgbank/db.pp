class profile::app::rgbank::db {

  include ::profile::app::db::mysql::server

}
