/** Creates and describes the catalogue's topics on a cluster ({@code gleaner topics}). */
package io.gleaner.deploy.topics;
