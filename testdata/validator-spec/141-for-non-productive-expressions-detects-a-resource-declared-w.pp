          class nope {
            notify { message => 'Nope' }
            notify { pred: message => 'Nope' }
          }
