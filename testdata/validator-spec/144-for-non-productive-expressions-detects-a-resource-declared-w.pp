          define nope {
            notify { message => 'Nope' }
          }
