          class nope {
            notify { message => 'Nope' }
          }
