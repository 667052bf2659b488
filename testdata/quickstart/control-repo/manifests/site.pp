node default {
  include profile::web
  include profile::db
  notify { "serving on ${profile::web::listen}": }
}
