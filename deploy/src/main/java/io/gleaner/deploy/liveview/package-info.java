/**
 * The live view (docs/operations.md#watching-it): {@link io.gleaner.deploy.liveview.LiveViewFeed} reads the topics
 * into the pure fold of {@code core}, {@link io.gleaner.deploy.liveview.LiveViewServer} serves one self-contained page
 * and the JSON it polls.
 */
package io.gleaner.deploy.liveview;
